import { createApp } from "./app.tsx";

export default createApp();
