import '@fu/shared/tokens.css';
import '@fu/shared/firstPaint.css';
import { mountStandalone } from '@fu/shared';
import { App } from './App';

void mountStandalone(App);
