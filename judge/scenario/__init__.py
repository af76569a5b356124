"""Scenario files: the language (grammar/scenario.lark), its AST and parser."""
