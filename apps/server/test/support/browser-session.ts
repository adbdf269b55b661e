/** A minimal browser for redirect flows: follows redirects by hand and keeps cookies by name. */
export class BrowserSession {
  private readonly cookies = new Map<string, string>();

  /** GETs a URL and follows redirects until one leaves the given origins or lands on a page; returns the last URL. */
  async follow(start: string, stopWhen: (url: URL) => boolean, maxHops = 20): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < maxHops; hop++) {
      if (stopWhen(url)) return url;
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader() } });
      this.remember(response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (!location || response.status < 300 || response.status >= 400) {
        throw new Error(
          `stopped at ${url.href} with ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      }
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
}
