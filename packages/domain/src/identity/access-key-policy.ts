const DAY_MS = 86_400_000;

/** Days a new access key lives when its creator names no expiry. */
export const ACCESS_KEY_DEFAULT_DAYS = 90;

/** The longest life an access key may have, in days from its creation. */
export const ACCESS_KEY_MAX_DAYS = 365;

/**
 * The expiry a new access key gets: the requested moment, or the default when none is asked for. Undefined when
 * the request is not in the future or lies past the maximum: every key expires (issue 3), and a forgotten key
 * stops working within a year at most.
 */
export function accessKeyExpiry(requested: Date | null | undefined, now: Date): Date | undefined {
  if (!requested) return new Date(now.getTime() + ACCESS_KEY_DEFAULT_DAYS * DAY_MS);
  const at = requested.getTime();
  if (Number.isNaN(at) || at <= now.getTime() || at > now.getTime() + ACCESS_KEY_MAX_DAYS * DAY_MS)
    return undefined;
  return requested;
}

/** The latest expiry a key created now may ask for (the date picker's bound). */
export function latestAccessKeyExpiry(now: Date): Date {
  return new Date(now.getTime() + ACCESS_KEY_MAX_DAYS * DAY_MS);
}

/**
 * When a stored key stops working. Keys made before an expiry was mandatory have none: they end the maximum
 * life after their creation, like any key made since.
 */
export function effectiveAccessKeyExpiry(expiresAt: Date | null, createdAt: Date): Date {
  return expiresAt ?? new Date(createdAt.getTime() + ACCESS_KEY_MAX_DAYS * DAY_MS);
}
