import { describeManualClock } from '../../../tools/testing/manual-clock.mjs';
import { ApiClientConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';

describeManualClock(ManualClock, ApiClientConfigurationError);
