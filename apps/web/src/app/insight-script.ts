/**
 * Owners' insight (the counts a listing's owner sees; decisions 016 and 025): the page's own beacon, inline beside the start script so it
 * counts before the app runs (public pages hydrate only at the visitor's first sign of intent, and links work
 * natively before that). A detail page carries a hidden marker (components/trust/listing-extras.tsx) with
 * `data-insight-listing="kind:id"`, the token the server issued for the listing (`data-insight-token`) and the address
 * of each contact link (`data-call`, `data-whatsapp`, `data-web`, `data-direction`); the page load sends a view, a
 * click on a link to one of those addresses its event, each with the token. No cookie, no storage, nothing about the
 * visitor: the server counts once per visitor-hour and keeps only day totals. `window.__CHAUPAL_VIEW__` sends the
 * view of a detail page reached by in-app navigation (listing-extras.tsx).
 */
export const INSIGHT_URL = '/api/backend/v1/insight';

export const insightScript = `(function(){var w=window,d=document,last=null;
function marker(l){return d.querySelector(l?'[data-insight-listing="'+l+'"]':'[data-insight-listing]')}
function send(m,e){if(!m||!navigator.sendBeacon)return;var p=m.getAttribute('data-insight-listing').split(':');
try{navigator.sendBeacon(${JSON.stringify(INSIGHT_URL)},JSON.stringify({kind:p[0],id:p[1],event:e,token:m.getAttribute('data-insight-token')||undefined}))}catch(x){}}
addEventListener('click',function(e){var t=e.target,a=t&&t.closest&&t.closest('a[href]'),m=marker();if(!a||!m)return;
var h=a.getAttribute('href');['call','whatsapp','web','direction'].forEach(function(k){if(m.getAttribute('data-'+k)===h)send(m,k)})},true);
w.__CHAUPAL_VIEW__=function(l){if(l&&l!==last){last=l;send(marker(l),'view')}};var m=marker();w.__CHAUPAL_VIEW__(m&&m.getAttribute('data-insight-listing'))})();`;
