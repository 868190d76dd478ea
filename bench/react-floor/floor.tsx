// The React floor: the least a React + router page ships. Our pages are measured against it.
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path="*" element={<h1>Floor</h1>} />
    </Routes>
  </BrowserRouter>,
);
