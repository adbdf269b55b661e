/** Web Push in this browser: the service worker, the permission and the subscription (issue 19). */

/** Obra's one service worker (src/sw/sw.ts): the offline app shell and Web Push. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can receive device notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The subscription's parts as the server takes them. */
export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Asks for the permission and subscribes this browser. 'blocked' when the browser refuses notifications (the
 * user must allow them in the site settings), 'unsupported' when it has no Web Push.
 */
export async function subscribeThisDevice(
  publicKey: string,
): Promise<DeviceSubscription | 'blocked' | 'unsupported'> {
  if (!pushSupported()) return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'blocked';
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    p256dh: json.keys?.['p256dh'] ?? '',
    auth: json.keys?.['auth'] ?? '',
  };
}

/** Unsubscribes this browser; returns the endpoint it had, if any. */
export async function unsubscribeThisDevice(): Promise<string | undefined> {
  if (!pushSupported()) return undefined;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** Whether the browser blocks notifications for this site. */
export function permissionBlocked(): boolean {
  return pushSupported() && Notification.permission === 'denied';
}
