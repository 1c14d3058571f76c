import { enableBoardDrag } from '#client/desk/board-drag.ts';

// A build entry of its own (vite.config.ts): the desk's board loads this and nothing of the public app.
enableBoardDrag(document);
