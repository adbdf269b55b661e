/** Builds an auth screen address that keeps the redirect path and e-mail the user arrived with. */
export function authHref(
  path: string,
  params: { redirect?: string | null; email?: string | null; [key: string]: string | null | undefined },
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
