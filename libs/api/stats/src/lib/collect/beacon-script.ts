import { STATS_BEACON_PATH } from '@blog/contracts';

/**
 * The beacon, written small by hand (it must stay under 1 kB: a spec checks it). It adds only what
 * the server cannot see, posted with `navigator.sendBeacon` as `text/plain` JSON (no preflight):
 * - `view`: a page the visitor moved to in the browser (`history.pushState`, back and forward), never
 *   the first one, which the server counted when it answered it;
 * - `engaged`: the time the page was visible (over a second), sent when the page is hidden, left or
 *   moved away from;
 * - `outbound`: a click on a link to another host (its host only), `mailto:` or `tel:` (the word only,
 *   never the address or number).
 */
export const BEACON_SCRIPT =
  '(function(){' +
  'var n=navigator,d=document,l=location,w=window,h=history,p=l.pathname+l.search,t=0,s=d.hidden?0:Date.now();' +
  `function b(o){o.path=p;n.sendBeacon&&n.sendBeacon(${JSON.stringify(STATS_BEACON_PATH)},JSON.stringify(o))}` +
  'function e(){if(s)t+=Date.now()-s;s=d.hidden?0:Date.now();if(t>999)b({kind:"engaged",ms:Math.min(t,864e5)});t=0}' +
  'function v(){var q=l.pathname+l.search;if(q!=p){e();p=q;b({kind:"view"})}}' +
  'var u=h.pushState;h.pushState=function(){u.apply(h,arguments);v()};' +
  'w.addEventListener("popstate",v);w.addEventListener("pagehide",e);' +
  'd.addEventListener("visibilitychange",e);' +
  'd.addEventListener("click",function(c){var a=c.target.closest&&c.target.closest("a[href]"),r=a&&a.protocol;' +
  'if(!a)return;if(r=="mailto:"||r=="tel:")b({kind:"outbound",target:r.slice(0,-1)});' +
  'else if(a.hostname&&a.host!=l.host)b({kind:"outbound",target:a.hostname})},!0)' +
  '})()';
