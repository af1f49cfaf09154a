import { describeManualClock } from '../../../tools/testing/manual-clock.mjs';
import { WebhookConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing.js';

describeManualClock(ManualClock, WebhookConfigurationError);
