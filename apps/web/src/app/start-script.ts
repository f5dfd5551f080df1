import { TOKEN_KEY } from './session';
import { ALERT_ID, ALERT_SEEN } from './start';

/**
 * The inline start script of every page (see start.ts for when it starts the app): the server's alone, so the
 * browser's bundle does not carry it twice.
 */
const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];
/**
 * Links on which the scripts are fetched ahead of intent, after the load event (decision 018): only where the browser
 * says the link is Wi-Fi or wired (`navigator.connection.type`, Chromium on Android and ChromeOS). On mobile data, or
 * where the browser does not say, a reader who only reads downloads none of the app; the first touch fetches it.
 */
const UNMETERED = ['wifi', 'ethernet'];
/** Controls whose click does nothing useful until React handles it. */
const HELD = 'button,[role=button],input[type=checkbox],input[type=radio],input[type=submit],input[type=file]';

/**
 * The script itself (under the page's CSP nonce), as ES5 so it runs before anything else loads. It reads the
 * plan `bootScript` wrote into `window.__CHAUPAL_ASSETS__`. It opens the home page's alert before it listens for
 * intent: the focus `showModal` moves into the dialog is not the visitor's (e2e/start.e2e.ts).
 */
export const startScript = `(function(){var w=window,d=document,a=w.__CHAUPAL_ASSETS__,held=w.__CHAUPAL_HELD__=[],chosen=w.__CHAUPAL_CHOSEN__=[],on=false;
var intent=${JSON.stringify(INTENT)},UNMETERED=${JSON.stringify(UNMETERED)};
function link(rel,h){var l=d.createElement('link');l.rel=rel;l.href=h;d.head.appendChild(l)}
function go(){if(on)return;on=true;intent.forEach(function(t){removeEventListener(t,go,true)});
a.preload.forEach(function(h){link('modulepreload',h)});import(a.entry)}
function native(f){var m=f&&f.getAttribute('method');return m==='dialog'||(m==='get'&&f.hasAttribute('action'))}
function hold(e){if(w.__CHAUPAL_LIVE__)return;var t=e.target,c=e.type==='submit'?t:t.closest&&t.closest(${JSON.stringify(HELD)});
if(!c||native(c.form||c)||(c.closest&&c.closest('a[href]')))return;e.preventDefault();e.stopImmediatePropagation();
if(held.indexOf(c)<0)held.push(c);go()}
addEventListener('click',hold,true);addEventListener('submit',hold,true);
addEventListener('change',function(e){var t=e.target;if(!w.__CHAUPAL_LIVE__&&t.tagName==='SELECT')chosen.push([t,t.value])},true);
var now=a.now;try{now=now||!!localStorage.getItem(${JSON.stringify(TOKEN_KEY)})}catch(e){now=true}
var al=d.getElementById(${JSON.stringify(ALERT_ID)});try{if(al&&a.alert&&!/[?&]openProfile=true/.test(location.search)&&
sessionStorage.getItem(${JSON.stringify(ALERT_SEEN)})!==a.alert){al.showModal();al.addEventListener('close',function(){
sessionStorage.setItem(${JSON.stringify(ALERT_SEEN)},a.alert)},{once:true})}}catch(e){}
function loaded(){requestAnimationFrame(function(){setTimeout(function(){if(now)return go();
var c=navigator.connection;if(!c||c.saveData||UNMETERED.indexOf(c.type)<0)return;[a.entry].concat(a.preload).forEach(function(h){link('prefetch',h)})},0)})}
if(!now)intent.forEach(function(t){addEventListener(t,go,{capture:true,passive:true})});
if(d.readyState==='complete')loaded();else addEventListener('load',loaded,{once:true})})();`;
