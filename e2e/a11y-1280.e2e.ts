import { axeSweep } from './a11y';

axeSweep({ width: 1280, height: 800 });
