import type { AppServices } from '../../services.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { findUserById } from '../identity/user-repository.ts';
import { clearProjectOverridesOf, loadSettings, saveSettings } from './notification-settings-repository.ts';
import { verifyUnsubscribe, type UnsubscribeClaim } from './unsubscribe-tokens.ts';

/** Whose address a valid token is for (to show on the confirmation page), or undefined for a bad token. */
export async function unsubscribeTarget(
  services: AppServices,
  token: string,
): Promise<(UnsubscribeClaim & { email: string; localeId: string | null }) | undefined> {
  const claim = verifyUnsubscribe(services.config.dataDir, token);
  if (!claim) return undefined;
  const user = await findUserById(services.database.db, claim.userId);
  return user ? { ...claim, email: user.email, localeId: user.localeId } : undefined;
}

/**
 * RFC 8058 one-click unsubscribe, without sign-in: the signed token names one user and ONE setting, and only that
 * setting is turned off (for a frequency, the user's project overrides of it go too, or they would keep sending).
 * Repeating it is harmless. Returns false for a bad token.
 */
export async function unsubscribe(services: AppServices, token: string): Promise<boolean> {
  const target = await unsubscribeTarget(services, token);
  if (!target) return false;
  await unitOfWork(services, async (tx) => {
    const settings = await loadSettings(tx, target.userId);
    switch (target.setting) {
      case 'issueEmails':
        settings.issueEmails = 'off';
        await clearProjectOverridesOf(tx, target.userId, 'issueEmails');
        break;
      case 'pendingSummary':
        settings.pendingSummary = 'off';
        await clearProjectOverridesOf(tx, target.userId, 'pendingSummary');
        break;
      case 'immediateMention':
        settings.immediateMention = false;
        break;
      case 'immediateAssigned':
        settings.immediateAssigned = false;
        break;
      case 'immediateComment':
        settings.immediateComment = false;
        break;
    }
    await saveSettings(tx, target.userId, settings);
  });
  return true;
}
