/** Fired when the server answers 503: the app goes to the maintenance page (spec core §4). */
export const MAINTENANCE_EVENT = 'obra:maintenance';

/** A fetch that reports HTTP 503 answers before handing the response on. */
export const statusAwareFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 503) window.dispatchEvent(new CustomEvent(MAINTENANCE_EVENT));
  return response;
};
