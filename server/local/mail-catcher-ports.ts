/**
 * The local stack's mail catcher listens on ports of its own; a benchmark's server takes ports
 * derived from its own, so it runs beside `npm start`, the browser tests and another server.
 */
export const mailPortsFor = (serverPort: number) => ({ MAILDEV_SMTP_PORT: String(serverPort + 20_000), MAILDEV_WEB_PORT: String(serverPort + 21_000) })
