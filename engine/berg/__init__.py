"""Berg 2x2 "kapitanka" (``shared/rules/berg.md``): importing ``engine.berg.game`` registers it."""
