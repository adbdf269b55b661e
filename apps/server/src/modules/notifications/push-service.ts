import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { transactionExecutor } from '../../db/transaction-executor.ts';
import type { Actor } from '../../auth/actor.ts';
import type { NotificationItem } from './notification-items-repository.ts';
import { itemUrl, translator } from './notification-emails.ts';
import {
  deletePushSubscription,
  deleteUserPushSubscription,
  findPushSubscription,
  pushSubscriptionIdsOf,
  upsertPushSubscription,
} from './push-subscription-repository.ts';
import { claimDelivery } from './notification-delivery-repository.ts';

/** The VAPID key pair of this deployment (base64url, as web-push uses them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new Map<string, VapidKeys>();

/**
 * The VAPID keys: generated once into `$DATA_DIR/keys/vapid.json` like the other keys (exclusive create: when
 * processes start together, the first one's keys are used by all).
 */
export function loadVapidKeys(dataDir: string): VapidKeys {
  const cached = cache.get(dataDir);
  if (cached) return cached;
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'vapid.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  cache.set(dataDir, keys);
  return keys;
}

function checkEndpoint(services: AppServices, endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError('BAD_USER_INPUT', 'endpoint is not a URL', { field: 'endpoint' });
  }
  // Push services are https; plain http only outside production (a local push endpoint in tests).
  const allowed =
    url.protocol === 'https:' || (services.config.env !== 'production' && url.protocol === 'http:');
  if (!allowed || endpoint.length > 2000)
    throw new AppError('BAD_USER_INPUT', 'endpoint must be an https URL', { field: 'endpoint' });
}

/** subscribeDevice: stores this browser's subscription for the caller (an endpoint belongs to one user). */
export async function subscribeDevice(
  services: AppServices,
  actor: Actor,
  input: { endpoint: string; p256dh: string; auth: string },
): Promise<boolean> {
  checkEndpoint(services, input.endpoint);
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(input.p256dh) || !/^[A-Za-z0-9_-]{8,100}$/.test(input.auth))
    throw new AppError('BAD_USER_INPUT', 'bad subscription keys', { field: 'p256dh' });
  const values = {
    userId: actor.account.id,
    endpoint: input.endpoint,
    p256dh: input.p256dh,
    auth: input.auth,
  };
  await unitOfWork(services, (tx) => upsertPushSubscription(tx, values));
  return true;
}

/** unsubscribeDevice: removes the caller's subscription of that endpoint (unknown endpoints are ignored). */
export async function unsubscribeDevice(
  services: AppServices,
  actor: Actor,
  endpoint: string,
): Promise<boolean> {
  await unitOfWork(services, (tx) => deleteUserPushSubscription(tx, actor.account.id, endpoint));
  return true;
}

/** What the service worker receives and shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A mark that asks for a device notification, and why. */
export interface PushCandidate {
  readonly item: NotificationItem;
  readonly kind: 'mention' | 'assigned';
}

/**
 * One device notification per issue and run: the device shows one notification per issue (its tag), and two
 * messages of the same tag arriving together left none shown in about half of Chromium's runs. Of the marks of
 * one issue not pushed yet, a mention wins, else the newest; the others are claimed with it, so that they are not
 * pushed later. Returns how many issues were pushed.
 */
export async function queueIssuePushes(
  services: AppServices,
  tx: Db,
  actor: Actor,
  candidates: readonly PushCandidate[],
): Promise<number> {
  const byIssue = new Map<number, PushCandidate[]>();
  for (const c of candidates) byIssue.set(c.item.issueId, [...(byIssue.get(c.item.issueId) ?? []), c]);
  let sent = 0;
  for (const group of byIssue.values()) {
    // Mentions first, then the newest: the first not pushed before is sent, the rest are claimed with it.
    const order = [...group]
      .reverse()
      .sort((a, b) => Number(b.kind === 'mention') - Number(a.kind === 'mention'));
    const index = await firstPushed(order, (c) => queuePushes(services, tx, actor, c.item, c.kind));
    if (index < 0) continue;
    sent += 1;
    for (const other of order.slice(index + 1)) await claimDelivery(tx, other.item.id, 'push');
  }
  return sent;
}

/** The index of the first candidate that `push` sent (more than 0 messages), or -1. */
async function firstPushed<T>(order: readonly T[], push: (c: T) => Promise<number>): Promise<number> {
  for (let i = 0; i < order.length; i++) if ((await push(order[i] as T)) > 0) return i;
  return -1;
}

/**
 * Queues the device notifications of one mark in the caller's transaction: claims its push delivery (once per
 * mark) and queues one push job per subscription of the user. Returns how many were queued.
 */
export async function queuePushes(
  services: AppServices,
  tx: Db,
  actor: Actor,
  item: NotificationItem,
  kind: 'mention' | 'assigned',
): Promise<number> {
  const subscriptions = await pushSubscriptionIdsOf(tx, actor.account.id);
  if (subscriptions.length === 0) return 0;
  if (!(await claimDelivery(tx, item.id, 'push'))) return 0;
  const { t } = translator(actor.account.localeId);
  const payload: PushPayload = {
    title: t(`immediate.${kind}`, {
      actor: item.actorName ?? t('someone'),
      code: item.issueCode,
      title: item.issueTitle,
    }),
    body: item.commentMessage ? item.commentMessage.replace(/\s+/g, ' ').slice(0, 180) : item.projectName,
    url: itemUrl('', item),
    tag: `issue-${item.issueId}`,
  };
  for (const s of subscriptions)
    await services.jobs.send(
      'notifications.push',
      { subscriptionId: s.id, payload: JSON.stringify(payload) },
      { executor: transactionExecutor(tx) },
    );
  return subscriptions.length;
}

/**
 * The 'notifications.push' job: sends one encrypted Web Push message (aes128gcm, VAPID). A subscription the push
 * service no longer knows (404, 410) is removed; other failures throw, so pg-boss retries.
 */
export async function sendPush(
  services: AppServices,
  payload: { subscriptionId: number; payload: string },
): Promise<void> {
  const { db } = services.database;
  const subscription = await findPushSubscription(db, payload.subscriptionId);
  if (!subscription) return;
  const keys = loadVapidKeys(services.config.dataDir);
  // web-push encrypts (aes128gcm) and signs (VAPID); the request is sent with fetch, on http or https.
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload.payload,
    {
      vapidDetails: {
        subject: services.config.publicUrl.startsWith('https:')
          ? services.config.publicUrl
          : 'mailto:no-reply@obra.invalid',
        publicKey: keys.publicKey,
        privateKey: keys.privateKey,
      },
      TTL: 24 * 60 * 60,
      contentEncoding: 'aes128gcm',
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 404 || response.status === 410) {
    await unitOfWork(services, (tx) => deletePushSubscription(tx, subscription.id));
    return;
  }
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
}
