/**
 * Owners' insight (issue 15, decision 016): the page's own beacon, inline beside the start script so it counts
 * before the app runs (public pages hydrate only at the visitor's first sign of intent, and links work natively
 * before that). A detail page carries a hidden marker (components/trust/listing-extras.tsx) with `data-insight-listing="kind:id"`
 * and the address of each contact link (`data-call`, `data-whatsapp`, `data-web`, `data-direction`); the page load
 * sends a view, a click on a link to one of those addresses its event. No
 * cookie, no storage, nothing about the visitor: the server counts once per visitor-hour and keeps only day totals.
 * `window.__CHAUPAL_VIEW__` sends the view of a detail page reached by in-app navigation (listing-extras.tsx).
 */
export const INSIGHT_URL = '/api/backend/v1/insight';

export const insightScript = `(function(){var w=window,d=document,last=null;
function send(l,e){if(!l||!navigator.sendBeacon)return;var p=l.split(':');try{navigator.sendBeacon(${JSON.stringify(INSIGHT_URL)},JSON.stringify({kind:p[0],id:p[1],event:e}))}catch(x){}}
function listing(){var m=d.querySelector('[data-insight-listing]');return m&&m.getAttribute('data-insight-listing')}
addEventListener('click',function(e){var t=e.target,a=t&&t.closest&&t.closest('a[href]'),m=d.querySelector('[data-insight-listing]');if(!a||!m)return;
var h=a.getAttribute('href');['call','whatsapp','web','direction'].forEach(function(k){if(m.getAttribute('data-'+k)===h)send(m.getAttribute('data-insight-listing'),k)})},true);
w.__CHAUPAL_VIEW__=function(l){if(l&&l!==last){last=l;send(l,'view')}};w.__CHAUPAL_VIEW__(listing())})();`;
