// Signs in through the real OpenID flow over HTTP (login → /idp → form → callback →
// authenticate) and returns the session cookie: what a browser does, without the browser.

function cookieJar() {
  const jar = new Map();
  return {
    store(response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const index = pair.indexOf('=');
        const name = pair.slice(0, index).trim();
        const value = pair.slice(index + 1);
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
        else jar.set(name, value);
      }
    },
    header() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    get(name) {
      return jar.get(name);
    },
  };
}

export async function signInOverHttp(baseUrl, email, password) {
  const jar = cookieJar();
  const request = async (url, init = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { cookie: jar.header(), origin: new URL(baseUrl).origin, ...(init.headers ?? {}) },
    });
    jar.store(response);
    return response;
  };

  let response = await request('/api/auth/login?mode=sign-in&locale=en');
  let location = response.headers.get('location');
  for (let hops = 0; hops < 10 && location && !location.includes('/auth-callback'); hops += 1) {
    if (/\/idp\/interaction\/[^/]+$/.test(new URL(location, baseUrl).pathname)) {
      const page = await request(location);
      await page.text();
      const action = `${new URL(location, baseUrl).pathname}/login`;
      response = await request(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password, lang: 'en' }).toString(),
      });
    } else {
      response = await request(location);
    }
    location = response.headers.get('location');
  }
  if (!location?.includes('/auth-callback')) throw new Error(`sign-in did not reach the callback (status ${response.status})`);
  const callback = new URL(location, baseUrl);
  const authenticate = await request('/api/auth/authenticate', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(callback.searchParams)),
  });
  if (authenticate.status !== 200) throw new Error(`authenticate answered ${authenticate.status}: ${await authenticate.text()}`);
  const sid = jar.get('kontor_sid') ?? jar.get('__Host-kontor_sid');
  return `kontor_sid=${sid}`;
}
