#!/usr/bin/python3
"""Write the tiny, data-free ONNX model used by packages/vision tests (no weights learned from any data).

Output channel 0: logit of "dark" = 20 * (0.5 - mean over RGB of the input); channel 1: its negative.
"""
import json
import sys

import torch


class Dark(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        g = x.mean(dim=1, keepdim=True)
        z = 20.0 * (0.5 - g)
        return torch.cat([z, -z], dim=1)


out = sys.argv[1] if len(sys.argv) > 1 else "packages/vision/src/__fixtures__/dark-lines"
torch.onnx.export(Dark(), torch.zeros(1, 3, 32, 32), out + ".onnx", opset_version=17, input_names=["input"], output_names=["logits"],
                  dynamic_axes={"input": {0: "n", 2: "h", 3: "w"}, "logits": {0: "n", 2: "h", 3: "w"}})
meta = {
    "format": "sightline-seg-v1",
    "name": "dark-lines-test",
    "input": {"name": "input", "layout": "NCHW", "colour": "RGB", "scale": 1 / 255, "mean": [0, 0, 0], "std": [1, 1, 1],
              "multipleOf": 8, "tileSize": 128, "tileOverlap": 32},
    "output": {"name": "logits", "kind": "logits", "classes": [{"channel": 0, "code": "crack"}, {"channel": 1, "code": "void"}]},
    "defaultThreshold": 0.5,
    "provenance": {"data": "none (hand-written arithmetic, no training)", "tool": "tools/vision/make_test_model.py"},
}
with open(out + ".json", "w") as fh:
    json.dump(meta, fh, indent=2)
print("wrote", out + ".onnx")
