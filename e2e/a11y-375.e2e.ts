import { axeSweep } from './a11y';

axeSweep({ width: 375, height: 812 });
