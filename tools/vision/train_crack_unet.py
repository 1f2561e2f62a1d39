#!/usr/bin/python3
"""Train a compact U-Net for crack segmentation on the DeepCrack train split (CPU, torch only).

Data: DeepCrack (Liu, Yao, Lu, Xie, Li, "DeepCrack: A Deep Hierarchical Feature Learning Architecture
for Crack Segmentation", Neurocomputing 2019). Research use with citation; the weights produced here are
derived from that data and inherit its terms (see docs/vision.md).

A training set exported from reviewed photos (packages/vision/src/trainingSet.ts) has the same layout and is
read the same way; its manifest.json then gives the model's class and provenance instead of DeepCrack.

Usage (from the repo root):
  /usr/bin/python3 tools/vision/train_crack_unet.py \
      --data /work/shared/fixtures/deepcrack --out packages/vision/models --minutes 85

Only the *train* split is read. A few train images are held out for checkpoint selection; the test split
is never touched here. The result is an ONNX file (opset 17, dynamic H/W, NCHW float32 RGB input,
sigmoid probability output with one channel) plus a JSON sidecar declaring input size rules,
normalisation and output decoding, which the TypeScript OnnxDetector reads.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

MEAN = [0.485, 0.456, 0.406]
STD = [0.229, 0.224, 0.225]


def log(msg: str) -> None:
    print(time.strftime("%H:%M:%S"), msg, flush=True)


# ----------------------------------------------------------------------------- model
class ConvBlock(nn.Sequential):
    def __init__(self, cin: int, cout: int) -> None:
        super().__init__(
            nn.Conv2d(cin, cout, 3, padding=1, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
            nn.Conv2d(cout, cout, 3, padding=1, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )


class UNet(nn.Module):
    """Compact 4-level U-Net. Input H and W must be multiples of 16 (the runtime pads)."""

    def __init__(self, widths: list[int]) -> None:
        super().__init__()
        c = widths
        self.enc0 = ConvBlock(3, c[0])
        self.enc1 = ConvBlock(c[0], c[1])
        self.enc2 = ConvBlock(c[1], c[2])
        self.enc3 = ConvBlock(c[2], c[3])
        self.mid = ConvBlock(c[3], c[4])
        self.up3 = nn.ConvTranspose2d(c[4], c[3], 2, stride=2)
        self.dec3 = ConvBlock(c[3] * 2, c[3])
        self.up2 = nn.ConvTranspose2d(c[3], c[2], 2, stride=2)
        self.dec2 = ConvBlock(c[2] * 2, c[2])
        self.up1 = nn.ConvTranspose2d(c[2], c[1], 2, stride=2)
        self.dec1 = ConvBlock(c[1] * 2, c[1])
        self.up0 = nn.ConvTranspose2d(c[1], c[0], 2, stride=2)
        self.dec0 = ConvBlock(c[0] * 2, c[0])
        self.head = nn.Conv2d(c[0], 1, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # returns logits
        e0 = self.enc0(x)
        e1 = self.enc1(F.max_pool2d(e0, 2))
        e2 = self.enc2(F.max_pool2d(e1, 2))
        e3 = self.enc3(F.max_pool2d(e2, 2))
        m = self.mid(F.max_pool2d(e3, 2))
        d3 = self.dec3(torch.cat([self.up3(m), e3], 1))
        d2 = self.dec2(torch.cat([self.up2(d3), e2], 1))
        d1 = self.dec1(torch.cat([self.up1(d2), e1], 1))
        d0 = self.dec0(torch.cat([self.up0(d1), e0], 1))
        return self.head(d0)


class ProbWrapper(nn.Module):
    def __init__(self, net: nn.Module) -> None:
        super().__init__()
        self.net = net

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.net(x))


# ----------------------------------------------------------------------------- data
def load_split(root: str, split: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    img_dir = os.path.join(root, split, "img")
    lab_dir = os.path.join(root, split, "lab")
    names, imgs, labs = [], [], []
    for f in sorted(os.listdir(img_dir)):
        base, ext = os.path.splitext(f)
        if ext.lower() not in (".jpg", ".jpeg", ".png"):
            continue
        lp = os.path.join(lab_dir, base + ".png")
        if not os.path.exists(lp):
            continue
        im = np.asarray(Image.open(os.path.join(img_dir, f)).convert("RGB"), dtype=np.uint8)
        lb = np.asarray(Image.open(lp).convert("L"), dtype=np.uint8) > 127
        if im.shape[:2] != lb.shape:
            continue
        names.append(base)
        imgs.append(im)
        labs.append(lb)
    return names, imgs, labs  # type: ignore[return-value]


def normalise(img: np.ndarray) -> torch.Tensor:
    t = torch.from_numpy(np.ascontiguousarray(img)).permute(2, 0, 1).float() / 255.0
    return (t - torch.tensor(MEAN)[:, None, None]) / torch.tensor(STD)[:, None, None]


def augment(img: np.ndarray, lab: np.ndarray, crop: int, want_crack: bool) -> tuple[np.ndarray, np.ndarray]:
    h, w = lab.shape
    # random scale 0.75..1.25 (nearest for label keeps it binary; slightly thicker/thinner cracks)
    s = random.uniform(0.75, 1.25)
    if abs(s - 1) > 0.03:
        nw, nh = max(crop, int(round(w * s))), max(crop, int(round(h * s)))
        img = np.asarray(Image.fromarray(img).resize((nw, nh), Image.BILINEAR))
        lab = np.asarray(Image.fromarray(lab.astype(np.uint8) * 255).resize((nw, nh), Image.BILINEAR)) > 127
        h, w = nh, nw
    y = random.randint(0, h - crop)
    x = random.randint(0, w - crop)
    if want_crack:
        ys, xs = np.nonzero(lab)
        if len(ys):
            j = random.randrange(len(ys))
            y = min(max(0, int(ys[j]) - random.randint(0, crop - 1)), h - crop)
            x = min(max(0, int(xs[j]) - random.randint(0, crop - 1)), w - crop)
    img = img[y : y + crop, x : x + crop]
    lab = lab[y : y + crop, x : x + crop]
    k = random.randint(0, 3)
    img = np.rot90(img, k)
    lab = np.rot90(lab, k)
    if random.random() < 0.5:
        img = img[:, ::-1]
        lab = lab[:, ::-1]
    img = img.astype(np.float32)
    # photometric: brightness / contrast / per-channel gain / gamma / noise
    img = img * random.uniform(0.7, 1.3) + random.uniform(-25, 25)
    mean = img.mean()
    img = (img - mean) * random.uniform(0.7, 1.3) + mean
    img = img * np.array([random.uniform(0.9, 1.1) for _ in range(3)], dtype=np.float32)
    img = np.clip(img, 0, 255)
    if random.random() < 0.3:
        g = random.uniform(0.7, 1.4)
        img = 255.0 * (img / 255.0) ** g
    if random.random() < 0.3:
        img = img + np.random.normal(0, random.uniform(2, 8), img.shape).astype(np.float32)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return np.ascontiguousarray(img), np.ascontiguousarray(lab)


# ----------------------------------------------------------------------------- metrics
def ods_f(probs: list[np.ndarray], labs: list[np.ndarray]) -> tuple[float, float]:
    ths = np.arange(0, 1.0, 0.01)
    tp = np.zeros(len(ths))
    fp = np.zeros(len(ths))
    fn = np.zeros(len(ths))
    for p, g in zip(probs, labs):
        pos = p[g]
        neg = p[~g]
        hp = np.histogram(pos, bins=100, range=(0, 1))[0][::-1].cumsum()[::-1]
        hn = np.histogram(neg, bins=100, range=(0, 1))[0][::-1].cumsum()[::-1]
        # prediction = p > t  (bin i holds [i/100, (i+1)/100)); approximate with >= bin
        tp += hp
        fp += hn
        fn += g.sum() - hp
    P = np.where(tp + fp > 0, tp / np.maximum(tp + fp, 1), 1.0)
    R = tp / np.maximum(tp + fn, 1)
    Fm = np.where(P + R > 0, 2 * P * R / np.maximum(P + R, 1e-12), 0)
    i = int(Fm.argmax())
    return float(Fm[i]), float(ths[i])


def predict_full(net: nn.Module, img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    ph, pw = (16 - h % 16) % 16, (16 - w % 16) % 16
    x = normalise(img)[None]
    if ph or pw:
        x = F.pad(x, (0, pw, 0, ph), mode="reflect")
    with torch.no_grad():
        p = torch.sigmoid(net(x))[0, 0, :h, :w]
    return p.numpy()


# ----------------------------------------------------------------------------- main
def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.environ.get("SIGHTLINE_FIXTURES", "/work/shared/fixtures") + "/deepcrack")
    ap.add_argument("--out", default="packages/vision/models")
    ap.add_argument("--name", default="crack-unet")
    ap.add_argument("--minutes", type=float, default=85.0, help="wall-clock training budget")
    ap.add_argument("--widths", default="16,32,48,64,96", help="channels per level (5 levels)")
    ap.add_argument("--crop", type=int, default=256)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--holdout", type=int, default=20, help="train images held out for checkpoint choice")
    ap.add_argument("--eval-every", type=float, default=6.0, help="minutes between hold-out evaluations")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--export-only", action="store_true", help="export <out>/<name>.pt to ONNX and exit")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    os.makedirs(args.out, exist_ok=True)
    ckpt = os.path.join(args.out, args.name + ".pt")

    widths = [int(v) for v in args.widths.split(",")]
    assert len(widths) == 5
    net = UNet(widths)
    if args.export_only:
        state = torch.load(ckpt)
        net.load_state_dict(state["state"])
        export(net, args, {"chosenStep": state.get("step"), "holdoutF": round(float(state.get("f", 0)), 4), "holdoutThreshold": state.get("t", 0.5)})
        return 0

    names, imgs, labs = load_split(args.data, "train")
    log(f"loaded {len(names)} train pairs from {args.data}/train")
    idx = list(range(len(names)))
    random.Random(123).shuffle(idx)
    # a small exported training set keeps at least four fifths of its photos to train on
    n_hold = min(args.holdout, len(names) // 5)
    hold = sorted(idx[:n_hold])
    trn = sorted(idx[n_hold:])
    pos_frac = float(np.mean([labs[i].mean() for i in trn]))
    log(f"train={len(trn)} holdout={len(hold)} crack pixel fraction={pos_frac:.4f}")
    nparams = sum(p.numel() for p in net.parameters())
    log(f"UNet widths={widths} params={nparams}")

    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    budget = args.minutes * 60.0
    t0 = time.time()
    last_eval = t0
    best_f, best_t, step, seen = -1.0, 0.5, 0, 0
    pos_weight = torch.tensor([3.0])
    history = []
    while True:
        el = time.time() - t0
        if el > budget:
            break
        frac = el / budget
        warm = min(1.0, step / 100.0)
        lr = args.lr * warm * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * frac)))
        for g in opt.param_groups:
            g["lr"] = lr
        xs, ys = [], []
        for _ in range(args.batch):
            i = random.choice(trn)
            a, b = augment(imgs[i], labs[i], args.crop, random.random() < 0.7)
            xs.append(normalise(a))
            ys.append(torch.from_numpy(b.astype(np.float32))[None])
        x = torch.stack(xs)
        y = torch.stack(ys)
        net.train()
        logit = net(x)
        bce = F.binary_cross_entropy_with_logits(logit, y, pos_weight=pos_weight)
        p = torch.sigmoid(logit)
        inter = (p * y).sum()
        dice = 1 - (2 * inter + 1) / (p.sum() + y.sum() + 1)
        loss = bce + dice
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        seen += args.batch
        if step % 25 == 0:
            log(f"step {step} seen {seen} lr {lr:.5f} loss {loss.item():.4f} (bce {bce.item():.4f} dice {dice.item():.4f}) elapsed {el/60:.1f} min")
        now = time.time()
        if now - last_eval > args.eval_every * 60 or now - t0 > budget:
            last_eval = now
            net.eval()
            probs = [predict_full(net, imgs[i]) for i in hold]
            f, t = ods_f(probs, [labs[i] for i in hold])
            history.append({"step": step, "minutes": round((now - t0) / 60, 1), "holdoutF": round(f, 4), "threshold": t})
            log(f"eval step {step}: hold-out ODS F={f:.4f} at t={t:.2f} (best {best_f:.4f})")
            if f >= best_f:
                best_f, best_t = f, t
                torch.save({"state": net.state_dict(), "step": step, "f": f, "t": t, "widths": widths}, ckpt)
    # final evaluation
    net.eval()
    probs = [predict_full(net, imgs[i]) for i in hold]
    f, t = ods_f(probs, [labs[i] for i in hold])
    history.append({"step": step, "minutes": round((time.time() - t0) / 60, 1), "holdoutF": round(f, 4), "threshold": t})
    log(f"final step {step}: hold-out ODS F={f:.4f} at t={t:.2f}")
    if f >= best_f:
        best_f, best_t = f, t
        torch.save({"state": net.state_dict(), "step": step, "f": f, "t": t, "widths": widths}, ckpt)
    state = torch.load(ckpt)
    net.load_state_dict(state["state"])
    info = {
        "steps": step,
        "samplesSeen": seen,
        "minutes": round((time.time() - t0) / 60, 1),
        "chosenStep": state["step"],
        "holdoutF": round(best_f, 4),
        "holdoutThreshold": best_t,
        "trainImages": len(trn),
        "holdoutImages": len(hold),
        "crop": args.crop,
        "batch": args.batch,
        "lr": args.lr,
        "threads": args.threads,
        "seed": args.seed,
        "torch": torch.__version__,
        "history": history,
    }
    export(net, args, info)
    return 0


def data_source(root: str) -> dict:
    """Class, origin and terms of the training data: a set exported from reviewed photos says them in its
    manifest.json (packages/vision/src/trainingSet.ts); without one the data is DeepCrack."""
    manifest = os.path.join(root, "manifest.json")
    if os.path.exists(manifest):
        with open(manifest) as fh:
            m = json.load(fh)
        return {
            "code": (m.get("classes") or ["crack"])[0],
            "data": m.get("source") or root,
            "licence": "the data owner's own reviewed photos (exported training set); the owner's terms apply",
        }
    return {
        "code": "crack",
        "data": "DeepCrack train split (300 images, minus hold-out), Liu et al., Neurocomputing 2019",
        "licence": "derived from research-use-only data; no redistribution; cite Liu, Yao, Lu, Xie, Li, DeepCrack, Neurocomputing 2019",
    }


def export(net: nn.Module, args: argparse.Namespace, info: dict) -> None:
    source = data_source(args.data)
    net.eval()
    wrapped = ProbWrapper(net).eval()
    onnx_path = os.path.join(args.out, args.name + ".onnx")
    dummy = torch.zeros(1, 3, 384, 544)
    torch.onnx.export(
        wrapped,
        dummy,
        onnx_path,
        opset_version=17,
        input_names=["input"],
        output_names=["prob"],
        dynamic_axes={"input": {0: "n", 2: "h", 3: "w"}, "prob": {0: "n", 2: "h", 3: "w"}},
        do_constant_folding=True,
    )
    meta = {
        "format": "sightline-seg-v1",
        "name": args.name,
        "architecture": f"U-Net 4 levels, widths {args.widths}, BatchNorm, ConvTranspose up-sampling",
        "input": {
            "name": "input",
            "layout": "NCHW",
            "colour": "RGB",
            "scale": 1 / 255,
            "mean": MEAN,
            "std": STD,
            "multipleOf": 16,
            "pad": "reflect",
            "tileSize": 768,
            "tileOverlap": 64,
            "nativeScale": 1.0,
        },
        "output": {
            "name": "prob",
            "activation": "none",
            "kind": "sigmoid-probability",
            "classes": [{"channel": 0, "code": source["code"]}],
        },
        "defaultThreshold": info.get("holdoutThreshold", 0.5),
        "provenance": {
            "data": source["data"],
            "licence": source["licence"],
            "tool": "tools/vision/train_crack_unet.py",
            "training": info,
        },
    }
    with open(os.path.join(args.out, args.name + ".json"), "w") as fh:
        json.dump(meta, fh, indent=2)
    log(f"exported {onnx_path} ({os.path.getsize(onnx_path)} bytes) and {args.name}.json")


if __name__ == "__main__":
    sys.exit(main())
