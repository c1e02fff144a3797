"""Cross-cutting infrastructure. Knows no domain."""
