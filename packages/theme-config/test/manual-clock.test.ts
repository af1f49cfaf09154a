import { describeManualClock } from '../../../tools/testing/manual-clock.mjs';
import { ThemeConfigConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';

describeManualClock(ManualClock, ThemeConfigConfigurationError);
