import { chromium } from 'playwright-core';
import { englishLeft } from './english-left';

const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const ctx = await b.newContext();
await ctx.addCookies([{ name: 'lang', value: 'hi', url: 'http://127.0.0.1:3100' }]);
const p = await ctx.newPage();
const errs: string[] = [];
p.on('console', (m) => {
  if (m.type() === 'error') errs.push(m.text());
});
for (const path of process.argv.slice(2)) {
  await p.goto('http://127.0.0.1:3100' + path);
  await p.mouse.move(10, 10);
  await p.waitForTimeout(1200);
  const left = await englishLeft(p);
  console.log(path, left.length, JSON.stringify(left));
}
console.log('errors', errs);
await b.close();
