#!/bin/sh
# In a guest of bpf-vm-verify --run: the loader, as its users run it.
exec "$1"
