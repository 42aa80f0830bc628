import '../../shared/ipc/zod-without-eval';
import { mount } from 'svelte';
import App from './App.svelte';
import './styles/base.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks #app');
mount(App, { target });
