import sys

from mtg_ecs.apps.cli import main

sys.exit(main())
