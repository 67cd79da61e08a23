"""Berg 2x2 "kapitanka" (``docs/rules/berg.md``): importing ``engine.berg.game`` registers it."""
