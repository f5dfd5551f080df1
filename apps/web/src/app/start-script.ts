import { TOKEN_KEY } from './session';
import { ALERT_ID, ALERT_SEEN } from './start';

/**
 * The inline start script of every page (see start.ts for when it starts the app): the server's alone, so the
 * browser's bundle does not carry it twice.
 *
 * A public page's controls work as HTML first (docs/architecture.md, "The first tap"): links, GET forms, POST forms
 * the server answers, `<details>`, and dialogs opened by `commandfor`. So a touch starts the app only on a control that
 * needs it (`[data-app]`, or a button or field outside those), never on one that works without it, nor on a touch
 * that only scrolls. A mouse moving, a wheel or a key (a desktop, a keyboard) starts it as before, so the next
 * navigation is the app's.
 */
const INTENT = ['pointermove', 'wheel'];
/**
 * Links on which the scripts are fetched ahead of intent, after the load event (decision 018): only where the browser
 * says the link is Wi-Fi or wired (`navigator.connection.type`, Chromium on Android and ChromeOS). On mobile data, or
 * where the browser does not say, a reader who only reads downloads none of the app; the first touch fetches it.
 */
const UNMETERED = ['wifi', 'ethernet'];
/** Controls whose click does nothing useful until React handles it, unless they work as HTML (NATIVE). */
const HELD = 'button,[role=button],input[type=checkbox],input[type=radio],input[type=submit],input[type=file]';
/** What works without the app: links, disclosures, dialog commands, the search box, anything in a form that posts. */
const NATIVE =
  'a[href],summary,[commandfor],[popovertarget],input[data-suggest],form[action] *,form[method=dialog] *,dialog[open] .dialog-close';
/** A control a visitor touches to act, which starts the app unless it works as HTML. */
const CONTROL = 'button,[role=button],input,select,textarea,label';

/**
 * The script itself (inline, allowed by its hash in the page's CSP), as ES5 so it runs before anything else loads.
 * It reads the plan `bootScript` wrote into `window.__CHAUPAL_ASSETS__`. It opens the home page's alert before it
 * listens for intent: the focus `showModal` moves into the dialog is not the visitor's (e2e/start.e2e.ts).
 *
 * What it does for the page's native controls, before the app and after it alike:
 * - `details[data-map]` opened: the map enhancer draws its map; `input[data-suggest]` focused: the suggestions
 *   enhancer joins the search box (each loaded once, on first use: `enhance` in the plan);
 * - `a[data-opens]`: opens the dialog it names in place (the link is the page that works without scripts);
 * - `button[commandfor]` in a browser without invoker commands: does their `show-modal` or `close`;
 * - before the app, a list's filter form (`form[data-autosubmit]`) goes to its address when a choice changes, with
 *   empty fields left out (a choice marked `data-app`, "Near me", is handed to the app instead).
 */
export const startScript = `(function(){var w=window,d=document,a=w.__CHAUPAL_ASSETS__,held=w.__CHAUPAL_HELD__=[],chosen=w.__CHAUPAL_CHOSEN__=[],on=false;
var intent=${JSON.stringify(INTENT)},UNMETERED=${JSON.stringify(UNMETERED)},NATIVE=${JSON.stringify(NATIVE)};
function live(){return !!w.__CHAUPAL_LIVE__}
function link(rel,h){var l=d.createElement('link');l.rel=rel;l.href=h;d.head.appendChild(l)}
function go(){if(on)return;on=true;intent.forEach(function(t){removeEventListener(t,move,true)});
a.preload.forEach(function(h){link('modulepreload',h)});import(a.entry)}
function within(t,s){return !!(t&&t.closest&&t.closest(s))}
function needsApp(t){if(within(t,'[data-app]'))return true;return within(t,${JSON.stringify(CONTROL)})&&!within(t,NATIVE)}
var loads={};function enhance(n,el){var e=a.enhance&&a.enhance[n];if(!e)return;var p=loads[n];
if(!p){e.css.forEach(function(h){link('stylesheet',h)});e.preload.forEach(function(h){link('modulepreload',h)});p=loads[n]=import(e.js)}p.then(function(m){m.enhance(el,a.texts&&a.texts[n])})}
var parted={};function parts(t){var c=t&&t.closest&&t.closest('[data-app]'),n=c&&c.getAttribute('data-app');
if(n&&!parted[n]&&a.parts&&a.parts[n]){parted[n]=1;a.parts[n].forEach(function(h){link('modulepreload',h)})}}
addEventListener('pointerdown',function(e){if(needsApp(e.target))parts(e.target);if(e.pointerType==='mouse'||needsApp(e.target))go()},true);
addEventListener('keydown',function(e){if(!within(e.target,NATIVE))go()},true);
addEventListener('focusin',function(e){var t=e.target;if(within(t,'input[data-suggest]'))enhance('suggest',t);else if(needsApp(t)){parts(t);go()}},true);
addEventListener('toggle',function(e){var t=e.target;if(t.open&&within(t,'details[data-map]'))enhance('map',t)},true);
function native(f){var m=f&&f.getAttribute('method');return m==='dialog'||!!(f&&f.hasAttribute('action'))}
function hold(e){if(live())return;var t=e.target,c=e.type==='submit'?t:t.closest&&t.closest(${JSON.stringify(HELD)});
if(!c||native(c.form||c)||c.hasAttribute('commandfor')||c.hasAttribute('popovertarget')||within(c,'a[href]'))return;
e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(c)<0)held.push(c);go()}
function opens(e){var l=e.target.closest&&e.target.closest('a[data-opens]');if(!l||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
var g=d.getElementById(l.getAttribute('data-opens'));if(g&&g.showModal){e.preventDefault();if(!g.open)g.showModal()}}
function command(e){if('command' in HTMLButtonElement.prototype)return;var b=e.target.closest&&e.target.closest('button[commandfor]');if(!b)return;
var g=d.getElementById(b.getAttribute('commandfor')),c=b.getAttribute('command');if(!g)return;
if(c==='show-modal'&&!g.open)g.showModal();else if(c==='close'&&g.open)g.close()}
function clean(f){var q=[];Array.prototype.forEach.call(f.elements,function(x){if(x.name&&x.value&&!x.disabled)q.push(encodeURIComponent(x.name)+'='+encodeURIComponent(x.value))});
location.assign(f.getAttribute('action')+(q.length?'?'+q.join('&'):''))}
function auto(f){return !live()&&f&&f.hasAttribute('data-autosubmit')}
addEventListener('click',function(e){opens(e);command(e);hold(e)},true);
addEventListener('submit',function(e){if(auto(e.target)){e.preventDefault();clean(e.target)}else hold(e)},true);
addEventListener('change',function(e){var t=e.target;if(live()||t.tagName!=='SELECT')return;var f=t.form,o=t.selectedOptions&&t.selectedOptions[0];
if(!auto(f)||(o&&o.hasAttribute('data-app'))){chosen.push([t,t.value]);return go()}
var r=t.getAttribute('data-resets');if(r&&f.elements[r])f.elements[r].value='';clean(f)},true);
if(a.section){var sec=d.getElementById(a.section);if(sec)sec.scrollIntoView()}
var now=a.now;try{now=now||!!localStorage.getItem(${JSON.stringify(TOKEN_KEY)})}catch(e){now=true}
var al=d.getElementById(${JSON.stringify(ALERT_ID)});try{if(al&&a.alert&&!/[?&]openProfile=true/.test(location.search)&&
sessionStorage.getItem(${JSON.stringify(ALERT_SEEN)})!==a.alert){al.showModal();al.addEventListener('close',function(){
sessionStorage.setItem(${JSON.stringify(ALERT_SEEN)},a.alert)},{once:true})}}catch(e){}
function loaded(){requestAnimationFrame(function(){setTimeout(function(){if(now)return go();
var c=navigator.connection;if(!c||c.saveData||UNMETERED.indexOf(c.type)<0)return;[a.entry].concat(a.preload).forEach(function(h){link('prefetch',h)})},0)})}
/* Only a mouse's move counts: a finger's is a scroll. */
function move(e){if(e.type==='wheel'||e.pointerType==='mouse')go()}
if(!now)intent.forEach(function(t){addEventListener(t,move,{capture:true,passive:true})});
if(d.readyState==='complete')loaded();else addEventListener('load',loaded,{once:true})})();`;
