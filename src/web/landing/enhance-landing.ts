import { handOverButtons } from './button-handover';
import { enhanceDrawer } from './drawer';
import { enhanceFaq } from './faq';
import { handOverForms } from './form-handover';
import { glideOnInPageLinks } from './in-page-links';
import { keepFocusAcrossHandover } from './keep-focus';
import { showCurrentYear, showDeploymentLinks, watchHealth } from './live-values';
import { startSpaOnIntent } from './start-spa';
import { enhanceThemeSwitches } from './theme-switch';

/*
 * The only script of the pages pre-rendered for visitors without a session: the landing page (ADR 0013), the
 * sign-in and sign-up pages (ADR 0054) and every other public page (ADR 0111). The HTML already is the whole page;
 * this fills in the live values, makes the FAQ, the phone menu and the theme switches work, and starts the SPA when
 * the visitor is about to leave for another page or to use a form or a button. Once the SPA has rendered, the static
 * page is gone and all of this steps aside.
 */

const root = document.getElementById('root');
const page = root?.firstElementChild;
if (root && page) {
  const isActive = () => page.isConnected;
  startSpaOnIntent(isActive);
  glideOnInPageLinks(isActive);
  handOverForms(page);
  handOverButtons(page);
  // The header's switch and the phone menu's, which sits beside the page in #root.
  enhanceThemeSwitches(root);

  const faq = document.getElementById('faq');
  if (faq) enhanceFaq(faq);
  const menuButton = page.querySelector<HTMLButtonElement>('header button[aria-haspopup="dialog"]');
  if (menuButton) enhanceDrawer(menuButton, isActive);
  const footer = page.querySelector('footer');
  const badge = footer?.querySelector('[role="status"]');
  if (badge) watchHealth(badge, isActive);
  if (footer) showCurrentYear(footer);
  void showDeploymentLinks(page);
  // Last: the forms carry their own focus over first.
  keepFocusAcrossHandover(root);
}
