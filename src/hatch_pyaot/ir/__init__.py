"""The intermediate representation: a structured, located tree of typed operations."""
