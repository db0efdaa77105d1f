/** Leaves for the gateway's page: apart from the page, so that a test can see where it would go. */
export const goTo = (url: string) => location.assign(url);
