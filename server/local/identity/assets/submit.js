// Submits the page's form at once: the provider's sign-out needs no confirmation, as in B2C.
document.querySelector('form[data-auto-submit]')?.requestSubmit()
