export { ensureWebBuilt, WEB_DIST, WEB_ROOT } from './build';
export { startE2eServer, type E2eServer } from './server';
export { launchBrowser, newPage, collectPageErrors, clickMenuItem, VIEWPORTS, CHROMIUM } from './browser';
export { seriousA11yViolations, type AxeFinding } from './axe';
export { newestMailTo, linkIn } from './outbox';
export { shot, SHOTS_DIR } from './shots';
export { followVerifyLink, pathOfLink } from './links';
export { checkScreenAtBothWidths } from './screen';
