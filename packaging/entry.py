"""Entry script of the one-file binary: the same CLI as the `larder` console script."""

from larder.__main__ import main

if __name__ == "__main__":
    main()
