"""Rules documents: importers, the rule graph, the compiled index and lookups."""
