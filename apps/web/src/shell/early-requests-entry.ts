import { type ShellScriptData, startStaffShell } from './early-requests-script';

/** Put in by the bundler when the build makes the inline script (scripts/build-steps/preload-staff-routes.mjs). */
declare const STAFF_SHELL_DATA: ShellScriptData;

startStaffShell(STAFF_SHELL_DATA);
