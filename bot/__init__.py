"""kozyr's bot: platform-neutral use cases (service), rendering, i18n, and platform adapters."""
