import sys

from ecs.cli import main

sys.exit(main())
