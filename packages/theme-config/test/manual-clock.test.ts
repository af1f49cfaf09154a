import { describeManualClock } from '../../../tools/testing/manual-clock.mjs';
import { ThemeConfigConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing-entry.js';

describeManualClock(ManualClock, ThemeConfigConfigurationError);
