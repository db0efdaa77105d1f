import { useLocation } from 'react-router';
import { LOADING } from '@visa/shared/staff-texts';

/**
 * What every form element carries (ADR 0037): a native submission, before the page's script has
 * taken the form over, without JavaScript or after a script error, is a POST to the page's own
 * path, so what was typed travels in the body and never in an address (history, proxies' and the
 * server's logs). `busy` is what the page shows while a submission waits for the script.
 */
export function usePageForm(busy: string) {
  const { pathname } = useLocation();
  return { method: 'post', action: pathname, 'data-busy': busy } as const;
}

/**
 * The inline script at the top of every page (root.tsx): until the page's script is ready it holds
 * any submitted form (no native submission), keeps what was typed, marks the form busy and says
 * so. `formsReady` (called once the app or the islands have hydrated) hands the script what was
 * typed into any form before it was there, which hydration leaves in the page but not in the
 * components' state (a controlled field's next render would empty it, react-hook-form's default
 * values empty it at once): each such field is set again and announced with an input event. Then
 * each held form is submitted once, through the script. Kept by hand small: it is in every page's
 * HTML, and its hash is in the CSP (scripts/build-steps/csp-hashes.mjs).
 */
export const HELD_SUBMITS_SCRIPT =
  '(function(d,w){var h=[],r=0,s,q="[type=submit]";' +
  'd.addEventListener("submit",function(e){if(r)return;var f=e.target;e.preventDefault();' +
  'if(!f.held){f.held=[].map.call(f.elements,function(x){return x.value});h.push(f)}' +
  'f.setAttribute("aria-busy","true");f.querySelectorAll(q).forEach(function(b){b.disabled=!0});' +
  'if(!s){s=d.createElement("p");s.setAttribute("role","status");' +
  's.className="alert alert-info position-fixed bottom-0 start-50 translate-middle-x shadow";' +
  `s.textContent=f.getAttribute("data-busy")||${JSON.stringify(LOADING.generic)};d.body.appendChild(s)}},!0);` +
  'w.visaFormsReady=function(){if(r)return;r=1;s&&s.remove();' +
  '[].forEach.call(d.forms,function(f){[].forEach.call(f.elements,function(x,i){var v=f.held?f.held[i]:x.value;' +
  'if(/^(INPUT|TEXTAREA)$/.test(x.tagName)&&!/^(file|checkbox|radio|hidden|submit|button|reset|image)$/.test(x.type)&&v&&v!==x.defaultValue){' +
  'x.value="";Object.getOwnPropertyDescriptor(Object.getPrototypeOf(x),"value").set.call(x,v);' +
  'x.dispatchEvent(new Event("input",{bubbles:!0}));x.dispatchEvent(new Event("change",{bubbles:!0}))}})});' +
  'h.forEach(function(f){f.removeAttribute("aria-busy");f.querySelectorAll(q).forEach(function(b){b.disabled=!1});' +
  'f.isConnected&&f.requestSubmit()})};' +
  // A script that fails to load never calls it: the held forms then go as plain POSTs.
  'w.addEventListener("error",function(e){var t=e.target;if(!r&&t&&t.tagName=="SCRIPT"){r=1;s&&s.remove();' +
  'h.forEach(function(f){HTMLFormElement.prototype.submit.call(f)})}},!0)})(document,window)';

/** Called once the page's script has taken its forms over: sends what was held meanwhile. */
export function formsReady(): void {
  (window as { visaFormsReady?: () => void }).visaFormsReady?.();
}
