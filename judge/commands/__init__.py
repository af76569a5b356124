"""Click commands, one module per area; added to the CLI explicitly in :mod:`judge.cli`."""
