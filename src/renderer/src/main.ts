import { mount } from 'svelte';
import App from './App.svelte';
import { loadCatalogue } from './i18n/catalogues.svelte';
import { locale } from './i18n/locale.svelte';
import './styles/base.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks #app');
// The computer's language arrives before the first paint (a language chosen in Settings follows
// moments later, when main has answered).
void loadCatalogue(locale()).finally(() => mount(App, { target }));
