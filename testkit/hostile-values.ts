/**
 * Text a person may type into a name, company or address field that a careless stack would break
 * on: markup, SQL, emoji beyond the Basic Multilingual Plane and joined with ZWJ, right-to-left
 * text with bidi marks, both Unicode normalisation forms of the same word. The API stores each as
 * sent and the SPA shows each as text (decision 0009).
 */
export const hostileValues = {
  script: '<script>alert(1)</script>',
  image: '<img src=x onerror=alert(1)>',
  markup: 'Contoso <b>Ltd</b> &amp; "Sons" \'n\' co',
  sqlDrop: "'; DROP TABLE accounts; --",
  sqlQuote: "Robert'); --",
  emoji: '😀 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽',
  rightToLeft: '\u202Bשלום\u202C \u200Fمرحبا بالعالم\u200F',
  composed: 'Zoë Ångström'.normalize('NFC'),
  decomposed: 'Zoë Ångström'.normalize('NFD'),
  invisible: 'Ada\u200BLovelace\u2060',
} as const

/** Leading and trailing white space (spaces, tabs, no-break spaces, line ends) is dropped; the inside is kept. */
export const untrimmed = { sent: ' \t\u00A0Ada  Mary\u3000\n', stored: 'Ada  Mary' } as const
