// Loads the wasm32-wasi build of filters.py with the JS loader and runs its two kernels:
// escape_time once per pixel (a scalar function) and box_blur on the image (a NumPy array).
// The page shows both images, and puts what it computed in #results (JSON) for the test.
import { load } from "./pyaot.mjs";

const WIDTH = 128;
const HEIGHT = 96;
const LIMIT = 64;

function draw(id, pixels) {
  const canvas = document.getElementById(id);
  const context = canvas.getContext("2d");
  const picture = context.createImageData(WIDTH, HEIGHT);
  pixels.forEach((value, i) => {
    // grey levels as a dark-blue to white ramp
    picture.data.set([value, (value * value) >> 8, 96 + (value >> 1) + (value >> 3), 255], 4 * i);
  });
  context.putImageData(picture, 0, 0);
}

function attempt(f) {
  try {
    return { value: f() };
  } catch (error) {
    return { error: error.name, message: error.message };
  }
}

async function main() {
  const lib = await load("wasm32-wasi/lib/filters.wasm");
  const image = new Uint8Array(WIDTH * HEIGHT);
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const n = lib.escape_time(-2.2 + (3.0 * col) / WIDTH, -1.125 + (2.25 * row) / HEIGHT, LIMIT);
      image[row * WIDTH + col] = Math.floor((255 * n) / LIMIT);
    }
  }
  const blurred = lib.box_blur({ data: image, shape: [HEIGHT, WIDTH] }, 2);
  draw("escape", image);
  draw("blurred", blurred.data);
  const results = {
    width: WIDTH, height: HEIGHT, limit: LIMIT,
    image: Array.from(image),
    blurred: { dtype: blurred.dtype, shape: blurred.shape, data: Array.from(blurred.data) },
    bad_limit: attempt(() => lib.escape_time(0, 0, 0)),
    bad_radius: attempt(() => lib.box_blur({ data: image, shape: [HEIGHT, WIDTH] }, -1)),
  };
  document.getElementById("results").textContent = JSON.stringify(results);
  document.getElementById("status").textContent =
    `${WIDTH * HEIGHT} calls of escape_time and one call of box_blur: done`;
  document.title = "done";
}

main().catch((error) => {
  document.getElementById("status").textContent = `failed: ${error}`;
  document.getElementById("results").textContent = JSON.stringify({ failed: String(error) });
  document.title = "failed";
});
