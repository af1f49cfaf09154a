import { describeManualClock } from '../../../tools/testing/manual-clock.mjs';
import { SandboxConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing.js';

describeManualClock(ManualClock, SandboxConfigurationError);
