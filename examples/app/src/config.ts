/** What the app is told at start: where it is reached, where the platform is, and its credentials there. */
import type { Clock } from '@commerce-kit/api-client';

export interface AppConfig {
  /** Where browsers and the platform reach this app, without a trailing slash: `http://127.0.0.1:3000`. */
  readonly appUrl: string;
  /** The platform's API base URL (here the sandbox's, `http://127.0.0.1:4010`). */
  readonly platformUrl: string;
  /** The app's OAuth client id and secret, from the platform's developer settings (here `sandbox.app`). */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The webhook verification key, from the same place. */
  readonly webhookSecret: string;
  /** The SQLite file for installations, tokens and events; `':memory:'` keeps them for the process only. */
  readonly database: string;
  /** Time for token expiry, install links and event times (default: the system clock; tests move their own). */
  readonly clock?: Clock | undefined;
  /** Where the app says what it does (a webhook recorded, a token refreshed); default: nowhere. */
  readonly log?: ((line: string) => void) | undefined;
}

/** The callback registered with the platform as the app's redirect URI. */
export const CALLBACK_PATH = '/oauth/callback';
/** Where the platform POSTs webhook deliveries. */
export const WEBHOOK_PATH = '/webhooks';

export const redirectUriOf = (config: Pick<AppConfig, 'appUrl'>): string => `${config.appUrl}${CALLBACK_PATH}`;
export const webhookUrlOf = (config: Pick<AppConfig, 'appUrl'>): string => `${config.appUrl}${WEBHOOK_PATH}`;
