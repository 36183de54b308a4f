/**
 * Full-page navigations to the identity provider, in one object so tests can watch them
 * (jsdom's window.location cannot be stubbed).
 */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
};
