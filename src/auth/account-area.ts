/** Whether this page shows the account area, the only part of the site that shows a person's data. */
export const isInAccountArea = () => window.location.pathname.startsWith('/account')
