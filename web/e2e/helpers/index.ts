export { ensureWebBuilt, WEB_DIST } from './build';
export { startE2eServer, type E2eServer } from './server';
export { launchBrowser, newPage, collectPageErrors, clickMenuItem, VIEWPORTS } from './browser';
export { seriousA11yViolations } from './axe';
export { newestMailTo } from './outbox';
export { shot } from './shots';
export { followVerifyLink, pathOfLink } from './links';
export { checkScreenAtBothWidths } from './screen';
export { countColour } from './pixels';
