import { describeManualClock } from '../../../tools/testing/manual-clock.mjs';
import { SandboxConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';

describeManualClock(ManualClock, SandboxConfigurationError);
